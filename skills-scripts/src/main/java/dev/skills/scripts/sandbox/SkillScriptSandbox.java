package dev.skills.scripts.sandbox;

/**
 * Runs one command of a skill in isolation: the skill folder read-only at
 * {@value #SKILL_FOLDER}, a fresh writable {@value #WORK_FOLDER} as the working directory
 * (bounded in size, gone afterwards), no network, no variable of the application's
 * environment, no host path visible, and every process the command started ended when the
 * call returns. An implementation bounds how many commands run at once.
 * <p>
 * There is no unsandboxed implementation: an implementation that cannot isolate on this
 * machine fails when it is created ({@link SandboxUnavailableException}), never later by
 * running on the host.
 */
public interface SkillScriptSandbox {

	/** Where the skill folder is inside the sandbox, read-only. */
	String SKILL_FOLDER = "/skill";

	/** The working directory inside the sandbox: writable, empty at the start. */
	String WORK_FOLDER = "/work";

	/**
	 * Run a command and wait for it, at most for the request's timeout plus the time it
	 * takes to end its processes.
	 * @param request what to run, in which skill folder, within which limits
	 * @return the exit code and the output, bounded
	 * @throws SandboxException when the sandbox could not run the command; its message
	 * names no host path
	 * @throws InterruptedException when the calling thread is interrupted; the command's
	 * processes are ended first
	 */
	ScriptResult run(ScriptRequest request) throws InterruptedException;

}
