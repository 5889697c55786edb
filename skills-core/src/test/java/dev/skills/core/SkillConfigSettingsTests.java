package dev.skills.core;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Each value rule of {@link SkillConfig} refuses a value that cannot work with an
 * exception that names the setting, its value, the reason and what to set instead, so
 * that a configuration layer can report it under its own name.
 */
class SkillConfigSettingsTests {

	@Test
	void negativeDebounceIsRefusedWithAFix() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> SkillConfig.builder().watchDebounce(Duration.ofSeconds(-1)).build())
			.satisfies((ex) -> {
				assertThat(ex.getSetting()).isEqualTo("watchDebounce");
				assertThat(ex.getValue()).isEqualTo(Duration.ofSeconds(-1));
				assertThat(ex.getReason()).isEqualTo("it must not be negative");
				assertThat(ex.getHint()).isEqualTo("a duration such as 100ms");
			});
	}

	@Test
	void zeroPollIntervalPointsToNativeEvents() {
		assertThatExceptionOfType(InvalidSkillSettingException.class)
			.isThrownBy(() -> SkillConfig.builder().pollInterval(Duration.ZERO).build())
			.satisfies((ex) -> {
				assertThat(ex.getSetting()).isEqualTo("pollInterval");
				assertThat(ex.getReason()).isEqualTo("it must be positive");
				assertThat(ex.getHint()).contains("2s", "remove it to use native file events");
			});
	}

}
