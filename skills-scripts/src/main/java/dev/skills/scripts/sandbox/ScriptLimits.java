package dev.skills.scripts.sandbox;

import java.time.Duration;

import dev.skills.core.InvalidSkillSettingException;

/**
 * The bounds of one run.
 *
 * @param timeout how long the command may run before all its processes are ended
 * @param maxOutputBytes the most bytes of standard output and standard error together
 * that the result keeps
 * @param maxProcesses the most processes and threads the command may have at once (the
 * kernel counts threads as processes)
 * @param maxMemoryBytes the most data memory each process may allocate
 * @param maxWorkBytes the size of the writable {@value SkillScriptSandbox#WORK_FOLDER}
 */
public record ScriptLimits(Duration timeout, int maxOutputBytes, int maxProcesses, long maxMemoryBytes,
		long maxWorkBytes) {

	/**
	 * 30 seconds, 100 KiB of output, 64 processes, 512 MiB of memory, 64 MiB of work
	 * folder.
	 */
	public static final ScriptLimits DEFAULTS = new ScriptLimits(Duration.ofSeconds(30), 100 * 1024, 64, 512L << 20,
			64L << 20);

	private static final long MIB = 1L << 20;

	public ScriptLimits {
		if (timeout.isNegative() || timeout.isZero() || timeout.compareTo(Duration.ofHours(1)) > 0) {
			throw new InvalidSkillSettingException("timeout", timeout, "it must be positive and at most 1 hour",
					"a duration such as 30s");
		}
		if (maxOutputBytes <= 0 || maxOutputBytes > 16 * MIB) {
			throw new InvalidSkillSettingException("maxOutputBytes", maxOutputBytes, "it must be between 1 and 16 MiB",
					"a size such as 100KB");
		}
		if (maxProcesses <= 0 || maxProcesses > 4096) {
			throw new InvalidSkillSettingException("maxProcesses", maxProcesses, "it must be between 1 and 4096",
					"a count such as 64");
		}
		if (maxMemoryBytes < 16 * MIB) {
			throw new InvalidSkillSettingException("maxMemoryBytes", maxMemoryBytes, "it must be at least 16 MiB",
					"a size such as 512MB");
		}
		if (maxWorkBytes < MIB) {
			throw new InvalidSkillSettingException("maxWorkBytes", maxWorkBytes, "it must be at least 1 MiB",
					"a size such as 64MB");
		}
	}

}
