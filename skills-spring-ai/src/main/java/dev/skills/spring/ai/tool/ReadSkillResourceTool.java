package dev.skills.spring.ai.tool;

import java.util.Map;
import java.util.function.Supplier;

import dev.skills.core.registry.SkillsRegistry;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * {@code read_skill_resource(skill_name, path)}: reads a file bundled with a skill as
 * text, through the registry's path checks. Nothing is executed.
 */
final class ReadSkillResourceTool extends SkillToolCallback {

	private final SkillsRegistry registry;

	private final Supplier<SkillsSnapshot> current;

	private final SkillToolInvoker invoker;

	// In session mode, the one skill whose files may be read.
	private final @Nullable String onlySkill;

	ReadSkillResourceTool(ToolDefinition definition, SkillsRegistry registry, Supplier<SkillsSnapshot> current,
			SkillToolInvoker invoker, @Nullable String onlySkill) {
		super(definition);
		this.registry = registry;
		this.current = current;
		this.invoker = invoker;
		this.onlySkill = onlySkill;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		String name;
		String path;
		try {
			name = argument(toolInput, "skill_name");
			path = argument(toolInput, "path");
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage()
					+ ". Call read_skill_resource with {\"skill_name\": \"<name>\", \"path\": \"<relative path>\"}.";
		}
		SkillsSnapshot snapshot = SkillsToolContext.snapshot(context, this.current);
		if (name == null) {
			return "Error: skill_name is required. " + validNames(snapshot.names());
		}
		if (path == null) {
			return "Error: path is required: a path relative to the skill folder, such as one listed in its "
					+ "<skill_resources>.";
		}
		String skill = name;
		return this.invoker.invoke(
				new SkillInvocation(SkillToolDefinitions.READ_SKILL_RESOURCE, skill, path,
						SkillsToolContext.conversationId(context)),
				SkillsToolContext.skillSet(context), SkillsObservationDocumentation.SKILL_RESOURCE_READ,
				(invocation) -> read(invocation, snapshot));
	}

	private SkillToolInvoker.Result read(SkillInvocation invocation, SkillsSnapshot snapshot) {
		if (this.onlySkill != null && !this.onlySkill.equals(invocation.skillName())) {
			return new SkillToolInvoker.Result(
					"Error: only the files of skill '" + this.onlySkill + "' can be read in this session.",
					Outcome.REJECTED);
		}
		String path = (invocation.path() != null) ? invocation.path() : "";
		return new SkillToolInvoker.Result(
				snapshot.readFile(invocation.skillName(), path, this.registry.config().maxResourceBytes()), Outcome.OK);
	}

}
