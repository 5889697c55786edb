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

	// Created, modified or deleted paths; overflow: events were lost, rescan everything.
	void onChange(Set<Path> changedPaths, boolean overflow);

	// Every standing warning (limits reached, roots polled), each time they change.
	default void onDiagnostics(List<SkillDiagnostic> diagnostics) {
	}

}
