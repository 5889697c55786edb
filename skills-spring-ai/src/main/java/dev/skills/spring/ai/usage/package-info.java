/**
 * How the skills are used: activations per skill and the skills the catalog left out, for
 * {@code /actuator/skills}.
 */
@NullMarked
package dev.skills.spring.ai.usage;

import org.jspecify.annotations.NullMarked;
