package dev.skills.spring.ai.tool;

/**
 * Hooks around every call of the skill tools: audit, metrics, access control, rewriting.
 * Listeners run in order; each sees what the previous one returned.
 */
public interface SkillInvocationListener {

	/**
	 * Called before the tool runs; may change what it asks for.
	 * @param invocation the call
	 * @return the call to run (the same one to change nothing)
	 */
	default SkillInvocation before(SkillInvocation invocation) {
		return invocation;
	}

	/**
	 * Called after the tool ran, with the text the model will see; may change it.
	 * @param invocation the call that ran
	 * @param result the tool's result
	 * @param outcome how it went
	 * @return the result to send (the same one to change nothing)
	 */
	default String after(SkillInvocation invocation, String result, Outcome outcome) {
		return result;
	}

	/**
	 * Called when the tool failed unexpectedly; the model then gets a short error
	 * message.
	 * @param invocation the call
	 * @param error what went wrong
	 */
	default void error(SkillInvocation invocation, Exception error) {
	}

	/**
	 * How a call ended.
	 */
	enum Outcome {

		/** The skill or file was returned. */
		OK,

		/** The skill was already in the conversation; it was not sent again. */
		ALREADY_ACTIVE,

		/** No such skill or file. */
		NOT_FOUND,

		/** The argument was missing or not allowed (a path leaving the skill, say). */
		REJECTED,

		/**
		 * The script ran and exited with a code other than 0, or the sandbox could not
		 * run it.
		 */
		FAILED,

		/** The script ran longer than its timeout and was stopped. */
		TIMED_OUT,

		/**
		 * The script did not run: not a runnable file of a trusted skill, or the approver
		 * refused it.
		 */
		REFUSED

	}

}
