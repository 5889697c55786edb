/**
 * Ranking skills by meaning offline:
 * {@link dev.skills.embeddings.local.LocalEmbeddingModel}, a small embedding model run in
 * process from a Maven artifact, the skills index's own.
 */
@NullMarked
package dev.skills.embeddings.local;

import org.jspecify.annotations.NullMarked;
