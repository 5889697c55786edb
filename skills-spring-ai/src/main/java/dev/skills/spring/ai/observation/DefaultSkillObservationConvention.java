package dev.skills.spring.ai.observation;

import dev.skills.spring.ai.observation.SkillsObservationDocumentation.ConversationKeyNames;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation.ScriptKeyNames;
import dev.skills.spring.ai.observation.SkillsObservationDocumentation.SkillKeyNames;
import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;

/**
 * The default names and tags of activations, resource reads and script runs: the names of
 * {@link SkillsObservationDocumentation}, the skill ({@code unknown} when the registry
 * does not know it), the tool, the outcome and the skill set; the conversation id and a
 * script's exit code as high-cardinality values.
 */
public class DefaultSkillObservationConvention implements SkillObservationConvention {

	/** The skill tag of a name the registry does not know. */
	public static final String UNKNOWN_SKILL = "unknown";

	private final String name;

	/**
	 * The convention of activations.
	 */
	public DefaultSkillObservationConvention() {
		this(SkillsObservationDocumentation.SKILL_ACTIVATION);
	}

	/**
	 * The convention of one kind of observation.
	 * @param documentation {@link SkillsObservationDocumentation#SKILL_ACTIVATION},
	 * {@link SkillsObservationDocumentation#SKILL_RESOURCE_READ} or
	 * {@link SkillsObservationDocumentation#SKILL_SCRIPT_RUN}
	 */
	public DefaultSkillObservationConvention(SkillsObservationDocumentation documentation) {
		this.name = documentation.getName();
	}

	@Override
	public String getName() {
		return this.name;
	}

	@Override
	public String getContextualName(SkillObservationContext context) {
		return context.getToolName() + " " + skill(context);
	}

	@Override
	public KeyValues getLowCardinalityKeyValues(SkillObservationContext context) {
		return KeyValues.of(KeyValue.of(SkillKeyNames.SKILL_NAME, skill(context)),
				KeyValue.of(SkillKeyNames.TOOL_NAME, context.getToolName()),
				KeyValue.of(SkillKeyNames.OUTCOME, context.getOutcome()),
				KeyValue.of(SkillKeyNames.SKILL_SET, context.getSkillSet()));
	}

	@Override
	public KeyValues getHighCardinalityKeyValues(SkillObservationContext context) {
		String conversation = context.getConversationId();
		KeyValues values = (conversation != null)
				? KeyValues.of(KeyValue.of(ConversationKeyNames.CONVERSATION_ID, conversation)) : KeyValues.empty();
		Integer exitCode = context.getExitCode();
		return (exitCode != null) ? values.and(KeyValue.of(ScriptKeyNames.EXIT_CODE, exitCode.toString())) : values;
	}

	private static String skill(SkillObservationContext context) {
		return context.isKnownSkill() ? context.getSkillName() : UNKNOWN_SKILL;
	}

}
