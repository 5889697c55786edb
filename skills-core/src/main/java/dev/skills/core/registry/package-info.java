/**
 * The {@link dev.skills.core.registry.SkillsRegistry} (the lifecycle: discovery, reloads,
 * listeners, close) and its {@link dev.skills.core.registry.SkillsSnapshot} (every
 * reader). One writer per registry builds each snapshot from plain immutable maps.
 * <p>
 * Unlike the design notes, a snapshot keeps maps (folder to entry, name to winner) per
 * location, so an edit copies only its location's: with one pair for 10,000 skills an
 * edit copied two such maps (0.2 ms) against 30 µs for a whole edit at 10 skills.
 */
@NullMarked
package dev.skills.core.registry;

import org.jspecify.annotations.NullMarked;
