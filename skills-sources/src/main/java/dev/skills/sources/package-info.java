/**
 * Remote skill sources: git repositories here, published indexes in
 * {@code dev.skills.sources.index}, fetched into a cache folder, each revision written
 * into a folder of its own (the spare one, when there is one) and switched atomically
 * once complete, so that the registry reads them as one more folder location under every
 * guard of the file layer.
 */
@NullMarked
package dev.skills.sources;

import org.jspecify.annotations.NullMarked;
