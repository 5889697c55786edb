/**
 * Reading {@code SKILL.md}: the frontmatter split, safe YAML and lenient loading into
 * {@link dev.skills.core.SkillMeta}.
 */
@NullMarked
package dev.skills.core.internal.parse;

import org.jspecify.annotations.NullMarked;
