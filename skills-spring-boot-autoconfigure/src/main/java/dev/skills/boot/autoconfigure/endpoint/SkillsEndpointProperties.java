package dev.skills.boot.autoconfigure.endpoint;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration properties of the {@code skills} actuator endpoint.
 */
@ConfigurationProperties(SkillsEndpointProperties.PREFIX)
public class SkillsEndpointProperties {

	/** The prefix of these properties. */
	public static final String PREFIX = "skills.endpoint";

	/**
	 * Whether /actuator/skills/{name} includes the skill's instructions.
	 */
	private boolean showInstructions;

	public boolean isShowInstructions() {
		return this.showInstructions;
	}

	public void setShowInstructions(boolean showInstructions) {
		this.showInstructions = showInstructions;
	}

}
