package dev.skills.scripts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

import dev.skills.core.InvalidSkillSettingException;
import dev.skills.scripts.sandbox.SkillScriptSandbox;

/**
 * Which files of a skill run, and with what: an interpreter per file extension
 * ({@code skills.scripts.interpreters}). A file with any other extension never runs; a
 * script's own first line ({@code #!}) is not read.
 */
public final class ScriptInterpreters {

	/** {@code py: python3}, {@code sh: bash}, {@code js: node}. */
	public static final Map<String, String> DEFAULTS = Map.of("py", "python3", "sh", "bash", "js", "node");

	private static final Pattern EXTENSION = Pattern.compile("[a-z0-9]{1,16}");

	// A program on the sandbox's PATH, or an absolute path inside the sandbox.
	private static final Pattern PROGRAM = Pattern.compile("(/[A-Za-z0-9._+-]+)+|[A-Za-z0-9._+-]+");

	private final Map<String, List<String>> commands;

	private ScriptInterpreters(Map<String, List<String>> commands) {
		this.commands = commands;
	}

	/**
	 * The interpreters of a configuration.
	 * @param interpreters the command line of each extension (without the dot), for
	 * example {@code py: python3 -I}
	 * @return the interpreters
	 * @throws InvalidSkillSettingException when an extension or command cannot work
	 */
	public static ScriptInterpreters of(Map<String, String> interpreters) {
		Map<String, List<String>> commands = new TreeMap<>();
		interpreters.forEach((extension, command) -> {
			String key = extension.toLowerCase(Locale.ROOT);
			if (!EXTENSION.matcher(key).matches()) {
				throw new InvalidSkillSettingException("interpreters", extension,
						"an extension is 1 to 16 letters or digits, without the dot", "for example py");
			}
			List<String> words = List.of(command.trim().split("\\s+"));
			if (!PROGRAM.matcher(words.get(0)).matches() || command.indexOf('\0') >= 0) {
				throw new InvalidSkillSettingException("interpreters." + key, command,
						"it must start with a program name or an absolute path inside the sandbox",
						"for example python3 or /usr/bin/python3 -I");
			}
			commands.put(key, words);
		});
		return new ScriptInterpreters(Map.copyOf(commands));
	}

	/**
	 * The command that runs a script inside the sandbox.
	 * @param path the script's path relative to the skill folder
	 * @return the interpreter's words and the script's sandbox path; empty when no
	 * interpreter is configured for its extension
	 */
	public Optional<List<String>> command(String path) {
		List<String> interpreter = this.commands.get(extension(path));
		if (interpreter == null) {
			return Optional.empty();
		}
		List<String> command = new ArrayList<>(interpreter);
		command.add(SkillScriptSandbox.SKILL_FOLDER + "/" + path);
		return Optional.of(command);
	}

	/**
	 * Whether a file runs.
	 * @param path the file's path relative to the skill folder
	 * @return {@code true} when its extension has an interpreter
	 */
	public boolean runs(String path) {
		return this.commands.containsKey(extension(path));
	}

	/**
	 * The extensions that run, sorted, for messages.
	 * @return the extensions, each with its dot
	 */
	public List<String> extensions() {
		return this.commands.keySet().stream().sorted().map((extension) -> "." + extension).toList();
	}

	private static String extension(String path) {
		String name = path.substring(path.lastIndexOf('/') + 1);
		int dot = name.lastIndexOf('.');
		return (dot > 0) ? name.substring(dot + 1).toLowerCase(Locale.ROOT) : "";
	}

}
