package dev.skills.sample;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The {@code openai} profile needs {@code OPENAI_API_KEY}.
 */
@ExtendWith(OutputCaptureExtension.class)
class SampleOpenAiProfileTests {

	@Test
	void whenOpenAiKeyIsNotSetThenStartUpFailsNamingTheVariable(CapturedOutput output) {
		// The empty argument hides a key that the machine's environment may hold.
		assertThatExceptionOfType(InvalidConfigurationPropertyValueException.class)
			.isThrownBy(() -> new SpringApplicationBuilder(SampleApplication.class).web(WebApplicationType.NONE)
				.profiles("openai")
				.run("--OPENAI_API_KEY=", "--skills.skills-dir=../examples/skills"))
			.satisfies((failure) -> assertThat(failure.getName()).isEqualTo("spring.ai.openai.api-key"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("environment variable OPENAI_API_KEY, which is not set")
			.contains("spring.ai.openai.api-key");
	}

}
