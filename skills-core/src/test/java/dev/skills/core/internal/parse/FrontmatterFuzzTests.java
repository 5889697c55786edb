package dev.skills.core.internal.parse;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import dev.skills.core.Bounds;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever a {@code SKILL.md} holds, the strict parser, the lenient parser with its
 * repair and the loader either read it or fail with a {@link FrontmatterException} (the
 * loader: with an error diagnostic), within a second. Inputs are real-looking files
 * mutated with the characters that YAML, the repair and the name rules care about. The
 * {@code fuzz} Maven profile runs 25,000 inputs per property.
 */
class FrontmatterFuzzTests {

	@Property
	void parsersReadOrRejectWithAMessage(@ForAll("skillFiles") String content) {
		long start = System.nanoTime();
		for (boolean lenient : new boolean[] { false, true }) {
			try {
				Frontmatter frontmatter = FrontmatterParser.parse(content,
						lenient ? ReadPolicy.CATALOG : ReadPolicy.STRICT);
				assertThat(frontmatter.fields()).isNotNull();
				assertThat(frontmatter.body()).isNotNull();
			}
			catch (FrontmatterException ex) {
				assertThat(ex.getMessage()).isNotBlank();
			}
		}
		Bounds.assertBounded(start);
	}

	@Property
	void loaderLoadsOrSkipsWithoutThrowing(@ForAll("skillFiles") String content) {
		long start = System.nanoTime();
		SkillReadResult result = SkillLoader.readMeta(
				new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "fuzz/SKILL.md", "fuzz", "fuzz");
		if (result.meta() == null) {
			assertThat(result.diagnostics()).anySatisfy((diagnostic) -> assertThat(diagnostic.isError()).isTrue());
		}
		else {
			assertThat(result.meta().name()).isNotBlank()
				.doesNotContainPattern("[\\p{Cc}\\p{Cf}]")
				.isEqualTo(SpecRules.normalizeName(result.meta().name()));
			assertThat(result.meta().description()).isNotBlank();
		}
		Bounds.assertBounded(start);
	}

	@Provide
	Arbitrary<String> skillFiles() {
		return Arbitraries.oneOf(FuzzInputs.mutatedSkillFiles(), FuzzInputs.repairBait(),
				Arbitraries.strings().ofMaxLength(2_000));
	}

}
