"""Math typeset at build time with KaTeX, under Node (site_src/typeset.py)."""

import pytest

from site_src.typeset import TypesetError, typeset


def test_each_formula_gets_katexs_html_and_mathml_in_its_own_element():
    page = ('<p>A sum <span class="arithmatex">\\(a &lt; b\\)</span>.</p>'
            '<div class="arithmatex">\\[\\frac{1}{n}\\]</div>')
    done = typeset(page)
    assert done.startswith('<p>A sum <span class="arithmatex"><ember-formula data-search-exclude><span class="katex">')
    assert '<annotation encoding="application/x-tex">a &lt; b</annotation>' in done  # the TeX, unescaped once
    assert '<div class="arithmatex" data-search-exclude><span class="katex-display">' in done
    assert "\\(" not in done and "\\[" not in done


def test_the_drawing_is_hidden_from_screen_readers_and_the_mathml_kept():
    done = typeset('<span class="arithmatex">\\(x^2\\)</span>')
    assert 'class="katex-html" aria-hidden="true"' in done
    assert '<span class="katex-mathml"><math' in done


def test_a_page_without_math_is_left_as_it_is():
    assert typeset("<p>No formula, but a price: \\$3.</p>") == "<p>No formula, but a price: \\$3.</p>"


def test_a_formula_katex_cannot_parse_stops_the_build_naming_it():
    with pytest.raises(TypesetError, match=r"KaTeX cannot typeset the formula '\\\\frac\{1\}\{'"):
        typeset('<span class="arithmatex">\\(\\frac{1}{\\)</span>')


def test_a_kept_result_is_used_again_and_a_damaged_one_made_again(tmp_path):
    page = '<span class="arithmatex">\\(y\\)</span>'
    first = typeset(page, tmp_path)
    [kept] = tmp_path.iterdir()
    assert typeset(page, tmp_path) == first
    kept.write_text("[1]", encoding="utf-8")
    assert typeset(page, tmp_path) == first
