package dev.skills.core.internal.watch;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * What a native watcher could not watch: the roots it polls instead, and its standing
 * warnings about them (a root polled, a root watched only in part). Every change of the
 * warnings is reported to the handler, in the order of the roots.
 */
final class WatchFallbacks {

	// Its warnings are the watcher's: they log under its name.
	private static final Log logger = LogFactory.getLog(NativeChangeWatcher.class);

	private final List<Path> roots;

	private final SkillConfig config;

	private final ChangeHandler handler;

	private final Map<Path, PollingChangeWatcher> polled = new ConcurrentHashMap<>();

	private final Map<Path, SkillDiagnostic> warnings = new ConcurrentHashMap<>();

	WatchFallbacks(List<Path> roots, SkillConfig config, ChangeHandler handler) {
		this.roots = roots;
		this.config = config;
		this.handler = handler;
	}

	boolean isPolled(Path root) {
		return this.polled.containsKey(root);
	}

	/**
	 * Poll a root whose native watches failed, with a warning.
	 * @param root the root, whose native watches the caller has cancelled
	 * @param failure why a watch could not be made
	 */
	void poll(Path root, String failure) {
		Duration interval = ChangeWatcher.FALLBACK_POLL_INTERVAL;
		this.polled.put(root, new PollingChangeWatcher(List.of(root), interval, this.config, this.handler));
		this.warnings.put(root, SkillDiagnostic.warning(root.toString(), null, "Native file watches ran out (" + failure
				+ "); polling this location every " + interval.toSeconds() + "s instead"));
		logger.warn(this.warnings.get(root));
		report();
	}

	/**
	 * Warn about a root once, unless it has a warning already.
	 * @param root the root
	 * @param message the warning
	 */
	void warnOnce(Path root, String message) {
		if (this.warnings.putIfAbsent(root, SkillDiagnostic.warning(root.toString(), null, message)) == null) {
			report();
		}
	}

	boolean isRunning() {
		return this.polled.values().stream().allMatch(PollingChangeWatcher::isRunning);
	}

	void close() {
		this.polled.values().forEach(PollingChangeWatcher::close);
	}

	private void report() {
		List<SkillDiagnostic> current = new ArrayList<>();
		for (Path root : this.roots) {
			SkillDiagnostic warning = this.warnings.get(root);
			if (warning != null) {
				current.add(warning);
			}
		}
		try {
			this.handler.onDiagnostics(List.copyOf(current));
		}
		catch (RuntimeException ex) {
			logger.warn("Reporting watcher warnings failed", ex);
		}
	}

}
