package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.watch.ChangeHandler;
import dev.skills.core.internal.watch.ChangeWatcher;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The watcher of a registry's folder locations: started after each discovery when hot
 * reload is on, feeding every change to the registry's refresh, stopped for good on
 * close.
 */
final class RegistryWatch {

	private static final Log logger = LogFactory.getLog("dev.skills.registry");

	private static final String WATCHER = "watcher";

	private final SkillConfig config;

	private final SkillsWriter writer;

	private volatile @Nullable ChangeWatcher watcher;

	private boolean closed;

	RegistryWatch(SkillConfig config, SkillsWriter writer) {
		this.config = config;
		this.writer = writer;
	}

	/**
	 * Stop watching, run a discovery, then watch its locations.
	 * @param discovery the discovery; it must not run while the watcher applies changes
	 * @return what the discovery changed
	 */
	synchronized SkillsChange rewatch(Supplier<SkillsChange> discovery) {
		// The watcher thread takes the writer's lock to apply changes: stop it first.
		stop();
		SkillsChange change = discovery.get();
		start();
		return change;
	}

	/**
	 * Whether changes are being applied.
	 * @return {@code false} when hot reload is off or the watcher died
	 */
	boolean isWatching() {
		ChangeWatcher current = this.watcher;
		return current != null && current.isRunning();
	}

	/**
	 * Stop watching for good.
	 */
	synchronized void close() {
		this.closed = true;
		stop();
	}

	private void start() {
		if (!this.config.hotReload() || this.closed) {
			return;
		}
		List<Path> folders = this.writer.locations().stream().map(Location::folder).filter(Objects::nonNull).toList();
		if (folders.isEmpty()) {
			return;
		}
		try {
			this.watcher = ChangeWatcher.start(folders, this.config, new ChangeHandler() {

				@Override
				public void onChange(Set<Path> changed, boolean overflow) {
					if (overflow) {
						RegistryWatch.this.writer.rescan();
					}
					else {
						RegistryWatch.this.writer.refresh(changed);
					}
				}

				@Override
				public void onDiagnostics(List<SkillDiagnostic> diagnostics) {
					RegistryWatch.this.writer.standingDiagnostics(WATCHER, diagnostics);
				}

			});
		}
		catch (IOException ex) {
			logger.warn("Cannot watch skill folders; hot reload is off: " + ex.getMessage());
		}
	}

	private void stop() {
		if (this.watcher != null) {
			this.watcher.close();
			this.watcher = null;
			this.writer.standingDiagnostics(WATCHER, List.of());
		}
	}

}
