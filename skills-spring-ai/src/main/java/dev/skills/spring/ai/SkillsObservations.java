package dev.skills.spring.ai;

/**
 * The names of the observations made around skill tool calls. Each carries the
 * low-cardinality keys {@code skill} ({@code unknown} for a name the registry does not
 * know), {@code tool} and {@code outcome} ({@code ok}, {@code already_active},
 * {@code not_found}, {@code rejected}).
 */
public final class SkillsObservations {

	/** An {@code activate_skill} call. */
	public static final String ACTIVATION = "skills.activation";

	/** A {@code read_skill_resource} call. */
	public static final String RESOURCE_READ = "skills.resource.read";

	private SkillsObservations() {
	}

}
