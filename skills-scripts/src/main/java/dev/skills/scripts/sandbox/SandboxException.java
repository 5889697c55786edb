package dev.skills.scripts.sandbox;

/**
 * A sandbox could not run a command. The message is meant for the model: it says what
 * happened without naming a host path; the details go to the application's log.
 */
public class SandboxException extends RuntimeException {

	/**
	 * Create an exception.
	 * @param message what happened, naming no host path
	 */
	public SandboxException(String message) {
		super(message);
	}

}
