/**
 * Which skills are active in which conversation, and a bounded in-memory store of it.
 */
@NullMarked
package dev.skills.core.activation;

import org.jspecify.annotations.NullMarked;
