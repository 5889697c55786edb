package dev.skills.core.watch;

import java.nio.file.Path;
import java.util.Set;

/**
 * Receives the paths that changed during one quiet period.
 */
@FunctionalInterface
public interface ChangeHandler {

	/**
	 * Apply a batch of changes.
	 * @param changedPaths the files and folders created, modified or deleted
	 * @param overflow whether events were lost, so that only a full rescan is safe
	 */
	void onChange(Set<Path> changedPaths, boolean overflow);

}
