package dev.skills.scripts.sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * One command to run in a sandbox.
 *
 * @param skillFolder the skill folder on the host, shown read-only at
 * {@value SkillScriptSandbox#SKILL_FOLDER}
 * @param command the program and its arguments as seen inside the sandbox, for example
 * {@code python3 /skill/scripts/fill.py form.pdf}; the program is looked up on the
 * sandbox's {@code PATH}
 * @param stdin the text the command reads on its standard input, UTF-8 encoded
 * @param limits the bounds of this run
 */
public record ScriptRequest(Path skillFolder, List<String> command, String stdin, ScriptLimits limits) {

	public ScriptRequest {
		command = List.copyOf(command);
		if (command.isEmpty()) {
			throw new IllegalArgumentException("The command is empty");
		}
	}

}
