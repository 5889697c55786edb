/**
 * What ranks skills for the catalog and {@code search_skills}: the
 * {@link dev.skills.spring.ai.catalog.index.SkillRetriever} SPI, the passive keyword and
 * embedding indexes, their fusion, and the one
 * {@link dev.skills.spring.ai.catalog.index.SkillIndexUpdater} that feeds them from the
 * registry's changes.
 */
@NullMarked
package dev.skills.spring.ai.catalog.index;

import org.jspecify.annotations.NullMarked;
