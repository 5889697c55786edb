package dev.skills.spring.ai.tool;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

import dev.skills.core.Skill;
import dev.skills.core.activation.ActiveSkill;
import dev.skills.core.activation.ActiveSkillsRepository;
import dev.skills.core.internal.parse.SpecRules;
import dev.skills.core.internal.prompt.SkillPrompts;
import dev.skills.core.registry.SkillsSnapshot;
import dev.skills.spring.ai.catalog.SkillCatalog;
import dev.skills.spring.ai.catalog.SkillOffer;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation;
import dev.skills.spring.ai.tool.SkillInvocationListener.Outcome;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * {@code activate_skill(skill_name)}: returns the skill's {@code <skill_content>} block
 * and records the activation for the conversation. A skill whose content is still in the
 * conversation is not sent again.
 */
final class ActivateSkillTool extends SkillToolCallback {

	private final Supplier<SkillsSnapshot> current;

	private final ActiveSkillsRepository activeSkills;

	private final SkillToolInvoker invoker;

	private final Clock clock;

	// With a catalog that lists only some skills: answers an unknown name with the
	// closest ones.
	private final @Nullable SkillCatalog partialCatalog;

	private final SkillOffer offer;

	ActivateSkillTool(ToolDefinition definition, Supplier<SkillsSnapshot> current, ActiveSkillsRepository activeSkills,
			SkillToolInvoker invoker, Clock clock, @Nullable SkillCatalog partialCatalog, SkillOffer offer) {
		super(definition);
		this.current = current;
		this.activeSkills = activeSkills;
		this.invoker = invoker;
		this.clock = clock;
		this.partialCatalog = partialCatalog;
		this.offer = offer;
	}

	@Override
	String run(String toolInput, Map<String, Object> context) {
		String conversationId = SkillsToolContext.conversationId(context);
		Set<String> present = SkillsToolContext.presentSkills(context);
		SkillsSnapshot snapshot = SkillsToolContext.snapshot(context, this.current);
		String name;
		try {
			name = argument(toolInput, "skill_name");
		}
		catch (IllegalArgumentException ex) {
			return "Error: " + ex.getMessage() + ". Call activate_skill with {\"skill_name\": \"<name>\"}. "
					+ validNames(snapshot.names());
		}
		if (name == null) {
			return "Error: skill_name is required. " + validNames(snapshot.names());
		}
		return this.invoker.invoke(new SkillInvocation(SkillToolDefinitions.ACTIVATE_SKILL, name, null, conversationId),
				SkillsToolContext.skillSet(context), SkillsObservationDocumentation.SKILL_ACTIVATION,
				(invocation) -> activate(invocation, snapshot, present));
	}

	private SkillToolInvoker.Result activate(SkillInvocation invocation, SkillsSnapshot snapshot,
			@Nullable Set<String> present) {
		String name = invocation.skillName();
		if (this.partialCatalog != null && !snapshot.contains(name)) {
			// A name no skill can have is not worth a search for similar ones.
			List<String> closest = (name.length() <= SpecRules.MAX_USABLE_NAME_LENGTH)
					? this.partialCatalog.closestNames(snapshot, this.offer, name) : List.of();
			return new SkillToolInvoker.Result(SkillPrompts.unknownSkill(name, closest), Outcome.NOT_FOUND);
		}
		if (present != null && present.contains(name) && snapshot.contains(name)) {
			// Not a new activation: keep its time, record it only if the store lost it.
			if (invocation.conversationId() == null
					|| this.activeSkills.findByConversationId(invocation.conversationId())
						.stream()
						.noneMatch((active) -> active.name().equals(name))) {
				record(invocation);
			}
			return new SkillToolInvoker.Result(
					"Skill '" + name
							+ "' is already active: its instructions are in the conversation above. Follow them.",
					Outcome.ALREADY_ACTIVE);
		}
		Skill skill = snapshot.load(name);
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
