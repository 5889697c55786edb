package dev.skills.autoconfigure;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.convert.DurationStyle;

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
		super(((value != null) ? "Invalid value '" + asWritten(value) + "' for property 'skills." + property + "'"
				: "Property 'skills." + property + "' is not set") + ": " + reason);
		this.property = SkillsProperties.PREFIX + "." + property;
		this.action = action;
	}

	/**
	 * A value the way a user writes it in configuration: {@code on-demand} rather than
	 * {@code ON_DEMAND}, {@code -1s} rather than {@code PT-1S}.
	 * @param value the bound value
	 * @return its text
	 */
	static String asWritten(Object value) {
		if (value instanceof Enum<?> constant) {
			return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
		}
		if (value instanceof Duration duration) {
			return DurationStyle.SIMPLE.print(duration, largestExactUnit(duration));
		}
		return String.valueOf(value);
	}

	private static ChronoUnit largestExactUnit(Duration duration) {
		for (ChronoUnit unit : List.of(ChronoUnit.DAYS, ChronoUnit.HOURS, ChronoUnit.MINUTES, ChronoUnit.SECONDS,
				ChronoUnit.MILLIS, ChronoUnit.MICROS)) {
			if (duration.toNanos() % unit.getDuration().toNanos() == 0) {
				return unit;
			}
		}
		return ChronoUnit.NANOS;
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
