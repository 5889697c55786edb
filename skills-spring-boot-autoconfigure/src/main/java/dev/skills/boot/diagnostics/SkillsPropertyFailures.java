package dev.skills.boot.diagnostics;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.skills.core.InvalidSkillSettingException;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.convert.DurationStyle;

/**
 * Reports a {@code skills.*} property whose value cannot work as Spring Boot's
 * {@link InvalidConfigurationPropertyValueException}, whose failure analysis prints the
 * value where it was set; the reason says what is wrong and what to set, in the user's
 * spelling.
 */
public final class SkillsPropertyFailures {

	private SkillsPropertyFailures() {
	}

	/**
	 * Run a call that checks one property's value, reporting a refusal under that
	 * property.
	 * @param <T> the result type
	 * @param property the full property name, for example
	 * {@code skills.active-skills.ttl}
	 * @param call the call whose rule may refuse the value
	 * @return the call's result
	 * @throws InvalidConfigurationPropertyValueException when the rule refuses the value
	 */
	public static <T> T check(String property, Supplier<T> call) {
		return check((setting) -> property, call);
	}

	/**
	 * Run a call that checks several settings, reporting a refusal under the property
	 * that holds the refused setting.
	 * @param <T> the result type
	 * @param propertyOf the full property name for a setting's name in code
	 * @param call the call whose rules may refuse a value
	 * @return the call's result
	 * @throws InvalidConfigurationPropertyValueException when a rule refuses a value
	 */
	public static <T> T check(Function<String, String> propertyOf, Supplier<T> call) {
		try {
			return call.get();
		}
		catch (InvalidSkillSettingException ex) {
			String property = propertyOf.apply(ex.getSetting());
			throw invalid(property, ex.getValue(), ex.getReason(), "Set " + property + " to " + ex.getHint() + ".");
		}
	}

	/**
	 * A failure for a property whose value cannot work.
	 * @param property the full property name
	 * @param value the value it has, or {@code null} when it is not set
	 * @param reason why the value cannot work, starting in lower case
	 * @param action what to set instead, as a sentence
	 * @return the exception to throw
	 */
	public static InvalidConfigurationPropertyValueException invalid(String property, @Nullable Object value,
			String reason, String action) {
		String problem = (value != null) ? Character.toUpperCase(reason.charAt(0)) + reason.substring(1)
				: "Property " + property + " is not set: " + reason;
		return new InvalidConfigurationPropertyValueException(property, (value != null) ? asWritten(value) : null,
				problem + (problem.endsWith(".") ? " " : ". ") + action);
	}

	/**
	 * A value the way a user writes it in configuration: {@code on-demand} rather than
	 * {@code ON_DEMAND}, {@code -1s} rather than {@code PT-1S}. Boot prints it when the
	 * property's source cannot be found.
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
		if (duration.isZero()) {
			return ChronoUnit.SECONDS;
		}
		for (ChronoUnit unit : List.of(ChronoUnit.DAYS, ChronoUnit.HOURS, ChronoUnit.MINUTES, ChronoUnit.SECONDS,
				ChronoUnit.MILLIS, ChronoUnit.MICROS)) {
			if (duration.toNanos() % unit.getDuration().toNanos() == 0) {
				return unit;
			}
		}
		return ChronoUnit.NANOS;
	}

}
