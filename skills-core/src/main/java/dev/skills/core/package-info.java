/**
 * The skill model: {@link dev.skills.core.SkillMeta}, {@link dev.skills.core.Skill},
 * {@link dev.skills.core.SkillDiagnostic} and the {@link dev.skills.core.SkillConfig}.
 */
@NullMarked
package dev.skills.core;

import org.jspecify.annotations.NullMarked;
