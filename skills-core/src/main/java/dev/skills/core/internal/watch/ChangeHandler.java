package dev.skills.core.internal.watch;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import dev.skills.core.SkillDiagnostic;

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

	/**
	 * Take the watcher's standing warnings (a folder limit reached, a location polled
	 * because native watches ran out), each time they change.
	 * @param diagnostics every current warning, about the watched roots
	 */
	default void onDiagnostics(List<SkillDiagnostic> diagnostics) {
	}

}
