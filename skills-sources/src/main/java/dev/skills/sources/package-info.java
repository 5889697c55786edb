/**
 * Remote skill sources: git repositories fetched into a cache folder, each revision
 * checked out into a folder of its own and switched atomically once complete, so that the
 * registry reads them as one more folder location under every guard of the file layer.
 */
@NullMarked
package dev.skills.sources;

import org.jspecify.annotations.NullMarked;
