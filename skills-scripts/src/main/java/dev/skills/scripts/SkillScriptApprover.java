package dev.skills.scripts;

/**
 * Decides whether a call of {@code run_skill_script} may run. It is asked only for
 * scripts of trusted skills whose file and interpreter were found, right before the
 * sandbox runs them; a refusal reaches the model as text. The default allows every such
 * call. An application may ask a person, check the arguments, or allow some skills only.
 */
@FunctionalInterface
public interface SkillScriptApprover {

	/** Allows every call that reaches it. */
	SkillScriptApprover ALLOW_TRUSTED = (call) -> Approval.ALLOW;

	/**
	 * Decide on a call.
	 * @param call the call
	 * @return {@link Approval#ALLOW}, or a refusal with its reason
	 */
	Approval approve(ScriptCall call);

	/**
	 * An approver's answer.
	 *
	 * @param allowed whether the call may run
	 * @param reason why not, for the model; empty when allowed
	 */
	record Approval(boolean allowed, String reason) {

		/** The call may run. */
		public static final Approval ALLOW = new Approval(true, "");

		/**
		 * The call may not run.
		 * @param reason why, for the model: it should say what the model can do instead
		 * @return the refusal
		 */
		public static Approval refuse(String reason) {
			return new Approval(false, reason);
		}

	}

}
