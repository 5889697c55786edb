package dev.skills.spring.ai.tool;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * {@code run_skill_script(skill_name, path, args, stdin)}: runs a script bundled with a
 * skill through a {@link SkillScriptRunner}, for the skills of its {@code enum} only. The
 * arguments are bounded here, before anything runs.
 */
final class RunSkillScriptTool extends SkillToolCallback {

	// Bounds of what the model may pass: a command line and an input, not a data set.
	static final int MAX_ARGS = 64;

	static final int MAX_ARG_CHARS = 4096;

	static final int MAX_STDIN_CHARS = 1 << 20;

	private static final String USAGE = " Call run_skill_script with {\"skill_name\": \"<name>\", \"path\": "
			+ "\"scripts/<file>\", \"args\": [\"<argument>\", ...], \"stdin\": \"<text>\"}; args and stdin are optional.";

	private final Supplier<SkillsSnapshot> current;

	private final SkillToolInvoker invoker;

	private final SkillScriptRunner runner;

	// The skills of the enum; null when the catalog is partial and the runner decides.
	private final @Nullable List<String> names;

	RunSkillScriptTool(ToolDefinition definition, Supplier<SkillsSnapshot> current, SkillToolInvoker invoker,
			SkillScriptRunner runner, @Nullable List<String> names) {
		super(definition);
		this.current = current;
		this.invoker = invoker;
		this.runner = runner;
		this.names = (names != null) ? List.copyOf(names) : null;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		Arguments arguments;
		try {
			arguments = Arguments.of(toolInput);
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage() + "." + USAGE;
		}
		SkillsSnapshot snapshot = SkillsToolContext.snapshot(context, this.current);
		if (arguments.skill() == null) {
			return "Error: skill_name is required. " + validNames(runnable(snapshot));
		}
		if (arguments.path() == null) {
			return "Error: path is required: the script's path relative to the skill folder, such as one listed in "
					+ "its <skill_resources>.";
		}
		return this.invoker.invoke(
				new SkillInvocation(SkillToolDefinitions.RUN_SKILL_SCRIPT, arguments.skill(), arguments.path(),
						SkillsToolContext.conversationId(context)),
				SkillsToolContext.skillSet(context), SkillsObservationDocumentation.SKILL_SCRIPT_RUN, (invocation) -> {
					if (!offered(snapshot, invocation.skillName())) {
						return SkillToolInvoker.Result.of(SkillScriptRunner.Reply
							.refused("Error: skill '" + ModelText.echo(invocation.skillName())
									+ "' has no scripts that can run here. " + validNames(runnable(snapshot))));
					}
					return SkillToolInvoker.Result
						.of(this.runner.run(snapshot, invocation, arguments.args(), arguments.stdin()));
				});
	}

	private boolean offered(SkillsSnapshot snapshot, String skill) {
		return (this.names != null) ? this.names.contains(skill)
				: snapshot.contains(skill) && this.runner.runsScripts(snapshot, skill);
	}

	private List<String> runnable(SkillsSnapshot snapshot) {
		return (this.names != null) ? this.names : List.of();
	}

	/**
	 * The arguments of one call.
	 */
	private record Arguments(@Nullable String skill, @Nullable String path, List<String> args, String stdin) {

		static Arguments of(String input) {
			JsonNode node = arguments(input);
			return new Arguments(text(node.get("skill_name")), text(node.get("path")), args(node.get("args")),
					stdin(node.get("stdin")));
		}

		private static @Nullable String text(@Nullable JsonNode value) {
			return (value != null && value.isString() && !value.asString().isBlank()) ? value.asString().strip() : null;
		}

		private static List<String> args(@Nullable JsonNode value) {
			if (value == null || value.isNull()) {
				return List.of();
			}
			if (!value.isArray()) {
				throw new IllegalArgumentException("args must be an array of strings");
			}
			if (value.size() > MAX_ARGS) {
				throw new IllegalArgumentException("at most " + MAX_ARGS + " args are allowed, not " + value.size());
			}
			List<String> args = new ArrayList<>(value.size());
			for (JsonNode arg : value) {
				if (!arg.isString()) {
					throw new IllegalArgumentException("args must be an array of strings");
				}
				String text = arg.asString();
				if (text.length() > MAX_ARG_CHARS || text.indexOf('\0') >= 0) {
					throw new IllegalArgumentException(
							"each of args must be at most " + MAX_ARG_CHARS + " characters, without NUL");
				}
				args.add(text);
			}
			return args;
		}

		private static String stdin(@Nullable JsonNode value) {
			if (value == null || value.isNull()) {
				return "";
			}
			if (!value.isString()) {
				throw new IllegalArgumentException("stdin must be a string");
			}
			if (value.asString().length() > MAX_STDIN_CHARS) {
				throw new IllegalArgumentException("stdin must be at most " + MAX_STDIN_CHARS + " characters");
			}
			return value.asString();
		}

	}

}
