package dev.skills.boot.autoconfigure;

import java.nio.file.Path;

import dev.skills.core.lock.SkillsLock;
import org.jspecify.annotations.Nullable;

/**
 * Pinning, {@code skills.lock.*}: the lock file written by {@code skills lock} that the
 * skills read from folders (remote sources' included) are checked against.
 */
public class SkillsLockProperties {

	/**
	 * Lock file written by 'skills lock'. When set, a skill read from a folder whose
	 * files differ from it, or that it does not name, is handled as 'mode' says. A file
	 * that cannot be read stops the application from starting.
	 */
	private @Nullable Path file;

	/**
	 * What becomes of a skill that differs from the lock or that it does not name:
	 * 'verify' leaves it out (a skill that matched before keeps serving the version that
	 * matched), 'warn' serves it with a warning.
	 */
	private SkillsLock.Mode mode = SkillsLock.Mode.VERIFY;

	public @Nullable Path getFile() {
		return this.file;
	}

	public void setFile(@Nullable Path file) {
		this.file = file;
	}

	public SkillsLock.Mode getMode() {
		return this.mode;
	}

	public void setMode(SkillsLock.Mode mode) {
		this.mode = mode;
	}

}
