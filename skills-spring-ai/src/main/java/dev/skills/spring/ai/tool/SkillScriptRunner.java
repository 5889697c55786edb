package dev.skills.spring.ai.tool;

import java.util.List;

import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import org.jspecify.annotations.Nullable;

/**
 * What {@code run_skill_script} needs to run a skill's scripts: which skills may, and one
 * run. The tool reads the arguments, offers only the skills this runner accepts within
 * the request's view of skills, and goes through the listeners and the
 * {@code skills.script.run} observation; the runner checks the file, asks for approval
 * and runs it isolated. {@code skills-scripts} implements it with a sandbox; without a
 * runner the tool does not exist.
 */
public interface SkillScriptRunner {

	/**
	 * Whether a skill's scripts may run at all: it is trusted, bundles at least one
	 * runnable file and does not forbid the tool for itself.
	 * @param snapshot the snapshot the request sees
	 * @param skill a skill of that snapshot
	 * @return {@code true} when the skill belongs in the tool's {@code enum}
	 */
	boolean runsScripts(SkillsSnapshot snapshot, String skill);

	/**
	 * Run one script. Never throws for the model's input: a refusal is a reply.
	 * @param snapshot the snapshot the request sees
	 * @param invocation the call, after the listeners: the skill and the script's path
	 * @param args the arguments the model gave
	 * @param stdin the standard input the model gave, empty when none
	 * @return the text for the model and how the run ended
	 */
	Reply run(SkillsSnapshot snapshot, SkillInvocation invocation, List<String> args, String stdin);

	/**
	 * How a run ended, for the model and the observation.
	 *
	 * @param text what the model reads; names no host path
	 * @param outcome {@link Outcome#OK}, {@link Outcome#FAILED},
	 * {@link Outcome#TIMED_OUT} or {@link Outcome#REFUSED}
	 * @param exitCode the script's exit code, {@code null} when it did not run to an end
	 */
	record Reply(String text, Outcome outcome, @Nullable Integer exitCode) {

		/**
		 * A call that did not run.
		 * @param reason what the model can do instead
		 * @return the reply
		 */
		public static Reply refused(String reason) {
			return new Reply(reason, Outcome.REFUSED, null);
		}

	}

}
