/**
 * The one reader of {@code SKILL.md}: a bounded byte read with the one splitter and
 * decode ({@code SkillFileBytes}), SnakeYAML with safe {@code LoaderOptions} and the
 * lenient repair ({@code FrontmatterYaml}), and the field rules with the one list of
 * field names ({@code SpecRules}). How forgiving a read is, is a {@code ReadPolicy}.
 * <p>
 * The reader keeps a fast path for frontmatters of plain {@code key: value} lines
 * ({@code SimpleFrontmatter}), which SnakeYAML would read the same way: SnakeYAML takes
 * about 15 times as long per frontmatter, as long as the rest of discovery per skill.
 */
@NullMarked
package dev.skills.core.internal.parse;

import org.jspecify.annotations.NullMarked;
