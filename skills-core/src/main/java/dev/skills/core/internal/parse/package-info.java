/**
 * The one reader of {@code SKILL.md}: a bounded byte read and the one splitter
 * ({@code SkillFileBytes}), one decode, SnakeYAML with safe {@code LoaderOptions}
 * ({@code FrontmatterYaml}), the lenient repair, and the lenient reading of the fields
 * into {@link dev.skills.core.SkillMeta} ({@code MetaReader}, with the one list of field
 * names in {@code SpecRules}). How forgiving a read is, is a {@code ReadPolicy}: strict
 * (the validator), the registry's lenient loading, or teff's {@code load_skill}.
 * <p>
 * The reader keeps a fast path for frontmatters of plain {@code key: value} lines
 * ({@code SimpleFrontmatter}), which the YAML parser alone would read the same way:
 * SnakeYAML took 8 to 13 µs per frontmatter on this project's machine, where discovery as
 * a whole takes about 17 µs per skill, so without it discovery would pass its bound of
 * 1.1 times the walk-and-read floor.
 */
@NullMarked
package dev.skills.core.internal.parse;

import org.jspecify.annotations.NullMarked;
