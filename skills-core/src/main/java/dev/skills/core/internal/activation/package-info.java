/**
 * Guarding an active-skill store that lives elsewhere, so that its failure degrades chats
 * instead of failing them.
 */
@NullMarked
package dev.skills.core.internal.activation;

import org.jspecify.annotations.NullMarked;
