/**
 * The skill catalog within a token budget: which skills a request lists, ranked by a
 * {@link dev.skills.spring.ai.catalog.index.SkillRetriever} when they do not all fit.
 */
@NullMarked
package dev.skills.spring.ai.catalog;

import org.jspecify.annotations.NullMarked;
