package dev.skills.core;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Byte limits are checked where they enter: a value that would overflow a read is refused
 * with the accepted range.
 */
class SkillConfigLimitsTests {

	@Test
	void maxResourceBytesOver16MibIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SkillConfig.builder().maxResourceBytes(Integer.MAX_VALUE).build())
			.withMessage("maxResourceBytes is 2147483647: it must be between 1 and 16777216 bytes (16 MiB); set it to "
					+ "a number of bytes in that range, for example 100000");
	}

	@Test
	void nonPositiveMaxBodyBytesIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> SkillConfig.builder().maxBodyBytes(0).build())
			.withMessage("maxBodyBytes is 0: it must be between 1 and 16777216 bytes (16 MiB); set it to a number of "
					+ "bytes in that range, for example 1000000");
	}

	@Test
	void limitsAtTheirBoundsAreAccepted() {
		SkillConfig config = SkillConfig.builder()
			.maxResourceBytes(SkillConfig.MAX_BYTES_LIMIT)
			.maxBodyBytes(1)
			.build();

		assertThat(config.maxResourceBytes()).isEqualTo(16 * 1024 * 1024);
		assertThat(config.maxBodyBytes()).isEqualTo(1);
		assertThat(SkillConfig.builder().build().maxBodyBytes()).isEqualTo(1_000_000);
	}

}
