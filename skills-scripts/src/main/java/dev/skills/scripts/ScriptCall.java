package dev.skills.scripts;

import java.util.List;

/**
 * A call of {@code run_skill_script} about to run, as the approver sees it.
 *
 * @param skillName the skill
 * @param path the script's path relative to the skill folder, one of its bundled files
 * @param args the arguments the model gave
 * @param stdin the standard input the model gave, empty when none
 */
public record ScriptCall(String skillName, String path, List<String> args, String stdin) {

	public ScriptCall {
		args = List.copyOf(args);
	}

}
