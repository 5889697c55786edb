package dev.skills.scripts.sandbox;

/**
 * A sandbox cannot isolate commands on this machine (the tool is missing, the kernel
 * refuses namespaces, no process limit can be set). Thrown when the sandbox is created,
 * so that an application that enabled scripts fails at start-up with the reason and what
 * to do, instead of running anything unsandboxed.
 */
public class SandboxUnavailableException extends SandboxException {

	private final String action;

	/**
	 * Create an exception.
	 * @param message why the sandbox cannot work here
	 * @param action what to do about it
	 */
	public SandboxUnavailableException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * What to do so that the sandbox works.
	 * @return the action, for example which package to install
	 */
	public String getAction() {
		return this.action;
	}

}
