package dev.skills.spring.ai.observation;

import dev.skills.spring.ai.set.SkillSets;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * What an observation of one {@code activate_skill}, {@code read_skill_resource} or
 * {@code run_skill_script} call knows.
 */
public class SkillObservationContext extends Observation.Context {

	/** The outcome of a call that has not ended yet. */
	public static final String OUTCOME_PENDING = "pending";

	private final String toolName;

	private final String skillName;

	private final boolean knownSkill;

	private final @Nullable String conversationId;

	private String outcome = OUTCOME_PENDING;

	private @Nullable Integer exitCode;

	private String skillSet = SkillSets.NO_SET;

	/**
	 * Create a context.
	 * @param toolName the tool called
	 * @param skillName the skill asked for, as asked
	 * @param knownSkill whether the registry knows that skill
	 * @param conversationId the conversation, if known
	 */
	public SkillObservationContext(String toolName, String skillName, boolean knownSkill,
			@Nullable String conversationId) {
		this.toolName = toolName;
		this.skillName = skillName;
		this.knownSkill = knownSkill;
		this.conversationId = conversationId;
	}

	/**
	 * The tool called.
	 * @return {@code activate_skill} or {@code read_skill_resource}
	 */
	public String getToolName() {
		return this.toolName;
	}

	/**
	 * The skill asked for, as the model or a listener named it.
	 * @return the name
	 */
	public String getSkillName() {
		return this.skillName;
	}

	/**
	 * Whether the registry knows the skill.
	 * @return {@code true} for a skill of the registry
	 */
	public boolean isKnownSkill() {
		return this.knownSkill;
	}

	/**
	 * The conversation.
	 * @return the id, or {@code null} when the call did not come through the advisor
	 */
	public @Nullable String getConversationId() {
		return this.conversationId;
	}

	/**
	 * How the call ended.
	 * @return {@code ok}, {@code already_active}, {@code not_found}, {@code rejected};
	 * for scripts {@code ok}, {@code failed}, {@code timed_out} or {@code refused}; or
	 * {@value #OUTCOME_PENDING} before it ended
	 */
	public String getOutcome() {
		return this.outcome;
	}

	/**
	 * Record how the call ended.
	 * @param outcome the outcome, lower case
	 */
	public void setOutcome(String outcome) {
		this.outcome = outcome;
	}

	/**
	 * The exit code of a script that ran ({@code run_skill_script} only).
	 * @return the exit code, or {@code null} when no script ran to an end
	 */
	public @Nullable Integer getExitCode() {
		return this.exitCode;
	}

	/**
	 * Record a script's exit code.
	 * @param exitCode the exit code, or {@code null} when no script ran to an end
	 */
	public void setExitCode(@Nullable Integer exitCode) {
		this.exitCode = exitCode;
	}

	/**
	 * The skill set of the request, as a tag bounded by the configured sets.
	 * @return the set's name, {@value SkillSets#NO_SET} or {@value SkillSets#UNKNOWN}
	 */
	public String getSkillSet() {
		return this.skillSet;
	}

	/**
	 * Record the skill set of the request.
	 * @param skillSet the tag of its set, as {@link SkillSets#tag(String)} gives it
	 */
	public void setSkillSet(String skillSet) {
		this.skillSet = skillSet;
	}

}
