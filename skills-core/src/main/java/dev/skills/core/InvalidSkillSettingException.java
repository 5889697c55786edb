package dev.skills.core;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a setting has a value that cannot work. It names the setting as the code
 * does, so that a configuration layer can report it under its own name.
 */
public class InvalidSkillSettingException extends IllegalArgumentException {

	private final String setting;

	private final transient @Nullable Object value;

	private final String reason;

	private final String hint;

	/**
	 * Create an exception.
	 * @param setting the setting, for example {@code maxResourceBytes}
	 * @param value the value it has, or {@code null} when it is not set
	 * @param reason why the value cannot work, for example {@code it must be positive}
	 * @param hint what to set it to, for example {@code a duration such as 2s}
	 */
	public InvalidSkillSettingException(String setting, @Nullable Object value, String reason, String hint) {
		super(((value != null) ? setting + " is " + value : setting + " is not set") + ": " + reason + "; set it to "
				+ hint);
		this.setting = setting;
		this.value = value;
		this.reason = reason;
		this.hint = hint;
	}

	/**
	 * The setting whose value cannot work.
	 * @return the setting's name in code, for example {@code watchDebounce}
	 */
	public String getSetting() {
		return this.setting;
	}

	/**
	 * The value that cannot work.
	 * @return the value, or {@code null} when the setting is not set
	 */
	public @Nullable Object getValue() {
		return this.value;
	}

	/**
	 * Why the value cannot work.
	 * @return the reason, starting in lower case
	 */
	public String getReason() {
		return this.reason;
	}

	/**
	 * What to set instead.
	 * @return a value that works, for example {@code a duration such as 100ms}
	 */
	public String getHint() {
		return this.hint;
	}

}
