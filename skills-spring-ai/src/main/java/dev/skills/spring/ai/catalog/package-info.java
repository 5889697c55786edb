/**
 * The skill catalog within a token budget: which skills a request lists, the keyword
 * index that ranks them by the latest user message, and the {@code search_skills} tool
 * that finds the rest.
 */
@NullMarked
package dev.skills.spring.ai.catalog;

import org.jspecify.annotations.NullMarked;
