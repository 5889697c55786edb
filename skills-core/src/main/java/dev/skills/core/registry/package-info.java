/**
 * The {@link dev.skills.core.registry.SkillsRegistry}: discovery across locations,
 * immutable snapshots swapped atomically, lazy bodies and hot reload.
 */
@NullMarked
package dev.skills.core.registry;

import org.jspecify.annotations.NullMarked;
