package dev.skills.boot;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import dev.skills.core.registry.SkillsChange;
import dev.skills.core.registry.SkillsRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SkillsReloadsTests {

	@Test
	void reloadLineNamesAtMostTenSkillsPerKind() {
		List<String> names = IntStream.range(0, 12).mapToObj((i) -> "s" + (char) ('a' + i)).toList();
		try (SkillsRegistry registry = new SkillsRegistry()) {
			String line = SkillsReloads.describe(new SkillsChange(Set.copyOf(names), Set.of(), Set.of("old"),
					registry.snapshot(), Set.of(), Duration.ZERO));
			assertThat(line).isEqualTo("Reloaded skills (generation 0): added sa, sb, sc, sd, se, sf, sg, sh, si, "
					+ "sj and 2 more; removed old");
		}
	}

}
