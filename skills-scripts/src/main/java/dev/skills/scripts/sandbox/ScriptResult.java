package dev.skills.scripts.sandbox;

import java.time.Duration;

/**
 * What a run produced: text decoded as UTF-8, invalid bytes replaced, and at most
 * {@link ScriptLimits#maxOutputBytes()} bytes of standard output and standard error
 * together; neither names a host path unless the command printed one it was given.
 *
 * @param exitCode the command's exit code, {@code 128 + n} when signal {@code n} ended
 * it; {@code -1} when it timed out
 * @param timedOut whether the timeout ended the command
 * @param stdout the start of the standard output
 * @param stderr the start of the standard error
 * @param cutBytes how many bytes of output were left out to stay within the limit
 * @param duration how long the command ran
 */
public record ScriptResult(int exitCode, boolean timedOut, String stdout, String stderr, long cutBytes,
		Duration duration) {

	/**
	 * Whether output was left out.
	 * @return {@code true} when more was printed than the limit allows
	 */
	public boolean cut() {
		return this.cutBytes > 0;
	}

}
