package dev.skills.core.internal.watch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The native watcher stays within discovery's limits and falls back to polling a root
 * when native watches run out (the limit is injected here; on Linux it is inotify's
 * per-user limit).
 */
@ExtendWith(OutputCaptureExtension.class)
class ChangeWatcherTests {

	@TempDir
	Path root;

	private final List<Set<Path>> batches = new CopyOnWriteArrayList<>();

	private final List<List<SkillDiagnostic>> reports = new CopyOnWriteArrayList<>();

	private final ChangeHandler handler = new ChangeHandler() {

		@Override
		public void onChange(Set<Path> changedPaths, boolean overflow) {
			ChangeWatcherTests.this.batches.add(changedPaths);
		}

		@Override
		public void onDiagnostics(List<SkillDiagnostic> diagnostics) {
			ChangeWatcherTests.this.reports.add(diagnostics);
		}

	};

	private SkillConfig.Builder config() {
		return SkillConfig.builder().watchDebounce(Duration.ofMillis(20));
	}

	@Test
	void exhaustedWatchesFallBackToPolling(CapturedOutput output) throws IOException {
		for (int i = 0; i < 5; i++) {
			Files.createDirectories(this.root.resolve("category-" + i));
		}
		try (ChangeWatcher watcher = new ChangeWatcher(List.of(this.root), config().build(), this.handler, 3)) {
			assertThat(this.reports).last()
				.isEqualTo(List.of(SkillDiagnostic.warning(this.root.toString(), null,
						"Native file watches ran out (the limit of 3 watches was reached); polling this location "
								+ "every 2s instead")));
			Path added = Files.writeString(this.root.resolve("category-4/new.md"), "x");

			await().atMost(Duration.ofSeconds(10))
				.until(() -> this.batches.stream().anyMatch((b) -> b.contains(added)));
			assertThat(watcher.isRunning()).isTrue();
		}
		assertThat(output).contains("Native file watches ran out");
		assertThat(Thread.getAllStackTraces().keySet())
			.noneMatch((thread) -> thread.getName().startsWith("skills-watcher"));
	}

	@Test
	void foldersPastDiscoveryDepthAreNotWatched() throws IOException {
		Files.createDirectories(this.root.resolve("a/b/c/d/e"));
		// Depth 1 for discovery: the root, a and a/b are watched; three watches are
		// enough.
		try (ChangeWatcher watcher = new ChangeWatcher(List.of(this.root), config().discoveryMaxDepth(1).build(),
				this.handler, 3)) {
			assertThat(this.reports).isEmpty();
			assertThat(watcher.isRunning()).isTrue();
		}
	}

	@Test
	void watchingStopsAtFolderLimit() throws IOException {
		for (int i = 0; i < 5; i++) {
			Files.createDirectories(this.root.resolve("category-" + i));
		}
		try (ChangeWatcher watcher = new ChangeWatcher(List.of(this.root), config().discoveryMaxDirectories(3).build(),
				this.handler, 3)) {
			assertThat(this.reports).last()
				.isEqualTo(List.of(SkillDiagnostic.warning(this.root.toString(), null,
						"Stopped watching after 3 folders (skills.discovery.max-directories): changes past them "
								+ "are not seen")));
		}
	}

	@Test
	void newFolderPastDepthIsNotWatched() throws IOException {
		Files.createDirectories(this.root.resolve("a"));
		try (ChangeWatcher watcher = new ChangeWatcher(List.of(this.root), config().discoveryMaxDepth(0).build(),
				this.handler, 2)) {
			// Depth 0: the root and its direct subfolders. A new a/b/c needs no watch; a
			// third watch would exceed the injected limit and switch to polling.
			Files.createDirectories(this.root.resolve("a/b/c"));
			await().atMost(Duration.ofSeconds(10)).until(() -> !this.batches.isEmpty());
			assertThat(this.reports).isEmpty();
		}
	}

}
