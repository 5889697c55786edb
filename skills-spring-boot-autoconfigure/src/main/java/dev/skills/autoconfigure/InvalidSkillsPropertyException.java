package dev.skills.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * Thrown at start-up when a {@code skills.*} property has a value that cannot work.
 */
public class InvalidSkillsPropertyException extends RuntimeException {

	private final String property;

	private final String action;

	/**
	 * Create an exception.
	 * @param property the property below {@code skills.}
	 * @param value the value it has
	 * @param reason why the value cannot work
	 * @param action what to set instead
	 */
	public InvalidSkillsPropertyException(String property, @Nullable Object value, String reason, String action) {
		super("Invalid value '" + value + "' for property 'skills." + property + "': " + reason);
		this.property = SkillsProperties.PREFIX + "." + property;
		this.action = action;
	}

	/**
	 * The full property name.
	 * @return for example {@code skills.max-resource-bytes}
	 */
	public String getProperty() {
		return this.property;
	}

	/**
	 * What to set instead.
	 * @return the action
	 */
	public String getAction() {
		return this.action;
	}

}
