/**
 * Skill sets: one application serving several tenants or agents, each seeing only its own
 * skills. A set narrows a snapshot; everything the model sees or reaches is computed from
 * the narrowed snapshot, so a skill outside the set answers as one that does not exist.
 */
@NullMarked
package dev.skills.spring.ai.set;

import org.jspecify.annotations.NullMarked;
