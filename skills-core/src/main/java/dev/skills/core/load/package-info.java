/**
 * The public, lenient loader of single skills ({@link dev.skills.core.load.SkillLoader}),
 * over the one {@code SKILL.md} reader the registry uses, and the reading of its fields
 * into a {@link dev.skills.core.SkillMeta}.
 */
@NullMarked
package dev.skills.core.load;

import org.jspecify.annotations.NullMarked;
