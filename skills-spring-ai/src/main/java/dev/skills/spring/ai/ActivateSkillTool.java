package dev.skills.spring.ai;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import dev.skills.core.Skill;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.spring.ai.SkillInvocationListener.Outcome;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * {@code activate_skill(skill_name)}: returns the skill's {@code <skill_content>} block and
 * records the activation for the conversation. A skill whose content is still in the
 * conversation is not sent again.
 */
final class ActivateSkillTool extends SkillToolCallback {

	private final SkillsRegistry registry;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	// With a catalog that lists only some skills: the names most like an unknown one.
	private final @Nullable Function<String, List<String>> closestNames;

	ActivateSkillTool(ToolDefinition definition, SkillsRegistry registry, ActiveSkillsRepository activeSkills,
			SkillToolInvoker invoker, Clock clock, @Nullable Function<String, List<String>> closestNames) {
		super(definition);
		this.registry = registry;
		this.activeSkills = activeSkills;
		this.invoker = invoker;
		this.clock = clock;
		this.closestNames = closestNames;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		String conversationId = SkillsToolContext.conversationId(context);
		Set<String> present = SkillsToolContext.presentSkills(context);
		String name;
		try {
			name = ToolArguments.text(toolInput, "skill_name");
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage() + ". Call activate_skill with {\"skill_name\": \"<name>\"}. "
					+ ToolArguments.validNames(this.registry.names());
		}
		if (name == null) {
			return "Error: skill_name is required. " + ToolArguments.validNames(this.registry.names());
		}
		return this.invoker.invoke(new SkillInvocation(SkillsTools.ACTIVATE_SKILL, name, null, conversationId),
				SkillsObservations.ACTIVATION, (invocation) -> activate(invocation, present));
	}

	private SkillToolInvoker.Result activate(SkillInvocation invocation, @Nullable Set<String> present) {
		String name = invocation.skillName();
		if (this.closestNames != null && !this.registry.contains(name)) {
			return new SkillToolInvoker.Result(SkillPrompts.unknownSkill(name, this.closestNames.apply(name)),
					Outcome.NOT_FOUND);
		}
		if (present != null && present.contains(name) && this.registry.contains(name)) {
			record(invocation);
			return new SkillToolInvoker.Result("Skill '" + name
					+ "' is already active: its instructions are in the conversation above. Follow them.",
					Outcome.ALREADY_ACTIVE);
		}
		Skill skill = this.registry.load(name);
		record(invocation);
		if (present != null) {
			present.add(name);
		}
		return new SkillToolInvoker.Result(SkillPrompts.skillContent(skill), Outcome.OK);
	}

	private void record(SkillInvocation invocation) {
		if (invocation.conversationId() != null) {
			this.activeSkills.activate(invocation.conversationId(),
					new ActiveSkill(invocation.skillName(), this.clock.instant()));
		}
	}

}
