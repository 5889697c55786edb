package dev.skills.core.validate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.skills.core.Bounds;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.parse.FuzzInputs;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever a {@code SKILL.md} holds, the validator reports diagnostics within a second
 * and never throws. The {@code fuzz} Maven profile runs 25,000 inputs.
 */
class SkillValidatorFuzzTests {

	private static Path root;

	@BeforeContainer
	static void createFolder() throws IOException {
		root = Files.createTempDirectory("validator-fuzz");
	}

	@AfterContainer
	static void deleteFolder() throws IOException {
		try (var files = Files.walk(root)) {
			files.sorted((a, b) -> b.compareTo(a)).forEach((file) -> file.toFile().delete());
		}
	}

	@Property
	void theValidatorReportsWithoutThrowing(@ForAll("skillFiles") String content) throws IOException {
		Path skill = Files.createDirectories(root.resolve("fuzz"));
		Files.write(skill.resolve("SKILL.md"), content.getBytes(StandardCharsets.UTF_8));
		long start = System.nanoTime();

		List<SkillDiagnostic> diagnostics = SkillValidator.validate(skill, true);

		Bounds.assertBounded(start);
		assertThat(diagnostics).allSatisfy((diagnostic) -> assertThat(diagnostic.message()).isNotBlank());
	}

	@Provide
	Arbitrary<String> skillFiles() {
		Arbitrary<String> brackets = Arbitraries.strings()
			.withChars('[', ']', '(', ')', '<', '>', ' ', 'a', '/')
			.ofMaxLength(20_000)
			.map((body) -> "---\nname: fuzz\ndescription: A skill.\n---\n" + body);
		return Arbitraries.oneOf(FuzzInputs.mutatedSkillFiles(), FuzzInputs.repairBait(), brackets);
	}

}
