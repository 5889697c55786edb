/**
 * Git repositories as skill sources: a shallow fetch of one ref into the source's store,
 * bounded in bytes, time and disk, and a checkout of the commit's tree below a path,
 * where a bad entry skips its skill, not the revision. Nothing fetched is run.
 */
@NullMarked
package dev.skills.sources.git;

import org.jspecify.annotations.NullMarked;
